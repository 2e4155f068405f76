import { useEffect, useState } from 'react';
import { type AbuseTrip, consoleAbuseTrips } from '../api/console-api';

/** How often the notice is read again: refusals send no realtime event. */
const ABUSE_POLL_MS = 60_000;

interface AbuseNoticeProps {
  token: string;
  branchContactId: number;
  /** Bumped whenever the board or the outbox changes: the notice is read again too. */
  version: number;
}

/**
 * Suspicious orders, code guesses and messages the server refused at this
 * location in the last hour (ADR 020), until the staff member dismisses them;
 * a later refusal shows them again. Failures to read it are not the staff's
 * problem: the notice simply stays as it was.
 */
export function AbuseNotice({ token, branchContactId, version }: AbuseNoticeProps) {
  const [trips, setTrips] = useState<AbuseTrip[]>([]);
  const [dismissedAt, setDismissedAt] = useState('');

  // biome-ignore lint/correctness/useExhaustiveDependencies: version is the refetch trigger
  useEffect(() => {
    let live = true;
    const read = () =>
      consoleAbuseTrips(token, branchContactId).then(
        (answer) => live && setTrips(answer.trips),
        () => {},
      );
    void read();
    const timer = setInterval(read, ABUSE_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [token, branchContactId, version]);

  const shown = trips.filter((trip) => trip.lastAt > dismissedAt);
  if (shown.length === 0) return null;
  return (
    <section className="console-abuse" role="status" aria-label="Actividad sospechosa">
      <div className="console-abuse__text">
        <strong>Actividad sospechosa bloqueada</strong>
        <ul>
          {shown.map((trip) => (
            <li key={`${trip.kind}|${trip.phoneMasked}`}>{trip.message}</li>
          ))}
        </ul>
      </div>
      <button
        type="button"
        className="button button--bordered button--small"
        onClick={() =>
          setDismissedAt(shown.reduce((max, trip) => (trip.lastAt > max ? trip.lastAt : max), ''))
        }
      >
        Entendido
      </button>
    </section>
  );
}
