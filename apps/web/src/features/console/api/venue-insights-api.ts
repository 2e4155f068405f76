/**
 * The console's survey results and table links (issue 12): `GET
 * /api/console/survey-nps`, `PUT /api/console/survey-nps/{id}/invite-delay`
 * (ADR 031) and `GET /api/console/table-links`, through the one API client
 * with the staff session's bearer header. Shapes follow apps/api/src/schemas/survey.ts
 * and routes/api/console-tables.
 */
import { apiRequest } from '../../../lib/api-client';

/** A location's survey figures over the period asked for. */
export interface SurveyNpsFigures {
  branchContactId: number;
  name: string;
  inviteDelayMinutes: number;
  /** % promoters (5) − % detractors (1–3), −100…100; null without ratings. */
  nps: number | null;
  count: number;
  average: number | null;
  promoters: number;
  passives: number;
  detractors: number;
  distribution: { rating: number; count: number }[];
  reasons: { reason: string; count: number }[];
  comments: {
    orderId: number;
    orderCode: string;
    questionTitle: string;
    text: string;
    rating: number | null;
    answeredAt: string;
  }[];
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function consoleSurveyNps(
  token: string,
  query: { branchContactId: number; from: string; to: string },
): Promise<{ from: string; to: string; locations: SurveyNpsFigures[] }> {
  return apiRequest('/console/survey-nps', { headers: bearer(token), query });
}

export function consoleSurveyInviteDelaySet(
  token: string,
  branchContactId: number,
  delayMinutes: number,
): Promise<{ branchContactId: number; delayMinutes: number }> {
  return apiRequest(`/console/survey-nps/${branchContactId}/invite-delay`, {
    method: 'PUT',
    headers: bearer(token),
    body: { delayMinutes },
  });
}

/** Where a location's table QR codes point (the company's storefront, never the console's host). */
export function consoleTableLinks(
  token: string,
  branchContactId: number,
): Promise<{ branchContactId: number; alias: string; storefrontUrl: string }> {
  return apiRequest('/console/table-links', { headers: bearer(token), query: { branchContactId } });
}

/** A storefront error report, as `GET /api/console/client-logs` lists it (ADR 041). */
export interface ClientErrorEntry {
  id: number;
  createdAt: string;
  branchContactId: number | null;
  locationName: string | null;
  url: string | null;
  component: string | null;
  message: string;
  detail: string | null;
  address: string | null;
  coordinates: { lat: number; lng: number } | null;
}

/** The owner's company's last client errors (50 at most, 7 days at most). */
export function consoleClientLogs(token: string): Promise<{ logs: ClientErrorEntry[] }> {
  return apiRequest('/console/client-logs', { headers: bearer(token) });
}
