import type { SurveyNpsFigures } from '../api/venue-insights-api';
import { useConsoleMoment } from '../hooks/use-console-moment';

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/**
 * Ratings 1–5 as bars, best first. Every bar carries its count and share in
 * text: the bar's length repeats them for the eye and is hidden from readers.
 */
export function SurveyDistribution({
  distribution,
  count,
}: {
  distribution: SurveyNpsFigures['distribution'];
  count: number;
}) {
  const rows = [...distribution].sort((a, b) => b.rating - a.rating);
  return (
    <table className="console-table console-survey__bars">
      <caption>Calificaciones</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">Calificación</th>
          <th scope="col">Proporción</th>
          <th scope="col">Respuestas</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const percent = percentOf(row.count, count);
          return (
            <tr key={row.rating} data-rating={row.rating}>
              <th scope="row">
                {row.rating}
                <span className="visually-hidden"> de 5</span>
              </th>
              <td className="console-survey__bar-cell" aria-hidden="true">
                <span className="console-survey__bar" style={{ width: `${percent}%` }} />
              </td>
              <td className="console-survey__bar-count">
                {row.count} <span className="muted">({percent} %)</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The reasons chosen with a rating under 5, most chosen first (as the API orders them). */
export function SurveyReasons({ reasons }: { reasons: SurveyNpsFigures['reasons'] }) {
  return (
    <div className="console-survey__reasons">
      <h3>Motivos elegidos</h3>
      {reasons.length === 0 ? (
        <p className="muted">Nadie eligió motivos en este período.</p>
      ) : (
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">Motivo</th>
              <th scope="col">Veces</th>
            </tr>
          </thead>
          <tbody>
            {reasons.map((item) => (
              <tr key={item.reason}>
                <th scope="row">{item.reason}</th>
                <td>{item.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/** The latest comments, newest first; each opens its order's detail in the console. */
export function SurveyComments({
  comments,
  onOpenOrder,
}: {
  comments: SurveyNpsFigures['comments'];
  onOpenOrder: (orderId: number) => void;
}) {
  const moment = useConsoleMoment();
  return (
    <div className="console-survey__comments">
      <h3>Últimos comentarios</h3>
      {comments.length === 0 ? (
        <p className="muted">Sin comentarios en este período.</p>
      ) : (
        <ul>
          {comments.map((comment) => (
            <li key={`${comment.orderId}-${comment.questionTitle}`} className="console-survey__comment">
              <blockquote>{comment.text}</blockquote>
              <p className="muted">
                {comment.rating !== null ? `Calificación ${comment.rating} · ` : ''}
                {comment.questionTitle} · {moment(comment.answeredAt)}
              </p>
              <button
                type="button"
                className="button button--bordered button--small"
                onClick={() => onOpenOrder(comment.orderId)}
              >
                Ver pedido #{comment.orderCode}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
