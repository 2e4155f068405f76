import { surveyMessages } from '@comanda/domain/messages';
import { SURVEY_RATING_MAX } from '@comanda/domain/survey';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen';
import { Spinner } from '../../../components/spinner';
import type { Survey } from '../api/survey';
import { type SurveyOutcome, useSurveyForm } from '../hooks/use-survey-form';
import type { SurveyLoad } from '../hooks/use-survey-load';
import { SurveyQuestionField } from './survey-question';
import '../survey.css';

interface SurveyPageProps {
  orderCode: string;
  venueName: string;
  load: SurveyLoad;
  /** `?surveyGeneralNPSAnswer=` as given. */
  prefill: string | null;
  /** The venue's menu, and the order's follow-up. */
  homeHref: string;
  followUpHref: string;
}

/** (ours) What a rating reads as on the thank-you and answered screens. */
const ratingText = (rating: number | null) =>
  rating === null ? null : `Tu calificación: ${rating} de ${SURVEY_RATING_MAX}`;

/** A screen that ends the page: thanks, or why the order cannot be rated. */
function SurveyEnd({
  title,
  message,
  detail,
  links,
  testId,
}: {
  title: string;
  message: string;
  detail?: string | null;
  links: { href: string; label: string }[];
  testId: string;
}) {
  return (
    <main className="page page--center survey-end" id="contenido" data-testid={testId}>
      <h1>{title}</h1>
      <p role="status">{message}</p>
      {detail ? <p className="muted">{detail}</p> : null}
      <div className="button-row">
        {links.map((link, index) => (
          <Link key={link.href} className={index === 0 ? 'button' : 'button button--bordered'} to={link.href}>
            {link.label}
          </Link>
        ))}
      </div>
    </main>
  );
}

/** Follow-up §2.3: the order survey, from loading to thanks. */
export function SurveyPage({ orderCode, venueName, load, prefill, homeHref, followUpHref }: SurveyPageProps) {
  const [outcome, setOutcome] = useState<SurveyOutcome | null>(null);
  const home = { href: homeHref, label: 'Volver al local' };
  const followUp = { href: followUpHref, label: 'Ver mi pedido' };

  if (outcome?.kind === 'sent')
    return (
      <SurveyEnd
        testId="survey-thanks"
        title="¡Gracias por tu opinión!"
        message="Recibimos tus respuestas. Nos ayudan a mejorar cada pedido."
        detail={ratingText(outcome.rating)}
        links={[home]}
      />
    );
  if (outcome?.kind === 'refused')
    return (
      <SurveyEnd
        testId="survey-refused"
        title="No pudimos guardar tus respuestas"
        message={outcome.message}
        links={[followUp, home]}
      />
    );
  if (load.status === 'loading') return <Spinner label="Cargando la encuesta…" />;
  if (load.status === 'error')
    return (
      <ErrorScreen
        title="No pudimos cargar la encuesta"
        message="Revisa tu conexión e inténtalo nuevamente."
        onRetry={load.retry}
        back={home}
      />
    );
  if (load.status === 'missing')
    return <ErrorScreen title="Encuesta no encontrada" message={load.message} back={home} />;
  if (load.status === 'closed')
    return load.reason === 'ANSWERED' ? (
      <SurveyEnd
        testId="survey-answered"
        title="Ya calificaste este pedido"
        message={surveyMessages.alreadyAnswered}
        detail={ratingText(load.summary.generalNPSAnswer)}
        links={[home]}
      />
    ) : load.reason === 'NOT_DELIVERED' ? (
      <SurveyEnd
        testId="survey-not-delivered"
        title="Todavía no puedes calificar"
        message={surveyMessages.notDelivered}
        links={[followUp, home]}
      />
    ) : (
      <SurveyEnd
        testId="survey-inactive"
        title="Encuesta no disponible"
        message={surveyMessages.inactive}
        links={[home]}
      />
    );
  return (
    <SurveyForm
      orderCode={orderCode}
      venueName={venueName}
      survey={load.survey}
      prefill={prefill}
      onOutcome={setOutcome}
    />
  );
}

function SurveyForm(props: {
  orderCode: string;
  venueName: string;
  survey: Survey;
  prefill: string | null;
  onOutcome: (outcome: SurveyOutcome) => void;
}) {
  const form = useSurveyForm(props);
  return (
    <main className="page survey-page" id="contenido">
      <header className="survey-page__header">
        {props.venueName ? <p className="eyebrow">{props.venueName}</p> : null}
        <h1>Califica tu pedido</h1>
        <p className="muted">Pedido {props.orderCode}</p>
      </header>
      <form
        className="survey-page__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.submit();
        }}
      >
        {form.questions.map((question) => (
          <SurveyQuestionField
            key={question.id}
            question={question}
            answers={form.answers}
            errors={form.errors}
            onAnswer={form.answer}
          />
        ))}
        <button type="submit" className="button survey-page__submit" disabled={form.locked}>
          {form.sending ? 'Enviando…' : 'Enviar'}
        </button>
      </form>
    </main>
  );
}
