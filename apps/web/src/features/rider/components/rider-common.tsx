import { Icon } from '../../../components/ui/icons';
import { type OutboxItem, outboxDismiss } from '../lib/outbox';
import { riderTexts } from '../lib/texts';

const REFRESH = 'M21 12a9 9 0 1 1-2.6-6.4M21 3v6h-6';

/** The pages' refresh button (follow-up §2.5, §2.6). */
export function RefreshButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button button--bordered button--small" onClick={onClick}>
      <Icon d={REFRESH} size={18} />
      {riderTexts.refresh}
    </button>
  );
}

/**
 * The rider's changes not yet on the server ('Pendiente de envío'), and those
 * the server refused on reconnection (why, until the rider has read it).
 */
export function OutboxNotices({ items }: { items: readonly OutboxItem[] }) {
  const pending = items.filter((item) => item.state === 'pending');
  const refused = items.filter((item) => item.state === 'refused');
  if (pending.length === 0 && refused.length === 0) return null;
  return (
    <div className="rider-outbox">
      {pending.length > 0 ? (
        <div className="rider-outbox__pending" role="status">
          <p className="rider-outbox__title">
            <span className="rider-outbox__dot" aria-hidden="true" />
            {riderTexts.pending}
          </p>
          <ul>
            {pending.map((item) => (
              <li key={item.key}>{item.label}</li>
            ))}
          </ul>
          <p className="rider-outbox__note">{riderTexts.pendingNote}</p>
        </div>
      ) : null}
      {refused.map((item) => (
        <div key={item.key} className="rider-outbox__refused" role="alert">
          <p className="rider-outbox__title">
            {riderTexts.refusedTitle}: {item.label}
          </p>
          <p>{item.refusal?.takenByOther ? riderTexts.takenByOther : item.refusal?.message}</p>
          <button type="button" className="button button--small" onClick={() => outboxDismiss(item.key)}>
            {riderTexts.understood}
          </button>
        </div>
      ))}
    </div>
  );
}
