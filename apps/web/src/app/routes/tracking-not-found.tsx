import { BrowserRouter } from 'react-router';
import { NotFoundRoute } from './not-found';

/** The catch-all page for a tracking link opened directly: the router and the page arrive only then. */
export default function TrackingNotFound() {
  return (
    <BrowserRouter>
      <NotFoundRoute />
    </BrowserRouter>
  );
}
