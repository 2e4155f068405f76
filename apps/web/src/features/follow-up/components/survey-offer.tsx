import { SURVEY_RATING_MAX } from '@comanda/domain/survey';
import { surveyRatingUrl } from '@comanda/domain/survey-invitation';
import { Link } from 'react-router';
import type { FollowUpOrder } from '../api/order';

/**
 * The survey once the order is delivered (follow-up §1 "later rate the order
 * in a survey"): 'Calificar pedido' while the server says it can be rated,
 * then the rating given. Nothing before delivery or where the venue has no
 * survey on.
 */
export function SurveyOffer({ order }: { order: FollowUpOrder }) {
  const { survey } = order;
  if (survey.orderHasResponse)
    return (
      <p className="follow-up__survey-done muted" data-testid="survey-done">
        {survey.generalNPSAnswer === null
          ? 'Calificaste este pedido. ¡Gracias!'
          : `Calificaste este pedido con ${survey.generalNPSAnswer} de ${SURVEY_RATING_MAX}. ¡Gracias!`}
      </p>
    );
  if (!survey.canRate) return null;
  return (
    <section aria-labelledby="survey-offer-title" className="follow-up__section follow-up__survey">
      <h2 id="survey-offer-title" className="section-title">
        ¿Qué tal estuvo tu pedido?
      </h2>
      <p className="muted">Cuéntanos en un minuto, del 1 al {SURVEY_RATING_MAX}.</p>
      <Link
        className="button follow-up__survey-link"
        to={surveyRatingUrl({ publicUrl: '', alias: order.branchContact.alias, orderCode: order.code })}
      >
        Calificar pedido
      </Link>
    </section>
  );
}
