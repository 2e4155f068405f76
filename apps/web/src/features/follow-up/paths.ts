/** The follow-up page of an order: `/menu/{alias}/order/{code}`. */
export function orderPath(alias: string, code: string): string {
  return `/menu/${encodeURIComponent(alias)}/order/${encodeURIComponent(code)}`;
}
