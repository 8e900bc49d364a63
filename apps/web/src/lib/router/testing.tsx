/** A route table over an in-memory history, and its current location, for tests that check where a screen navigates. */
import { createMemoryHistory, Router, useHistory, useRoutes, type Location, type Navigator, type RouteObject, type To } from './index.tsx';

export interface MemoryRouter {
  routes: RouteObject[];
  history: Navigator;
  readonly state: { location: Location };
  navigate(to: To): Promise<void>;
}

export function createMemoryRouter(routes: RouteObject[], { initialEntries }: { initialEntries?: string[] } = {}): MemoryRouter {
  const history = createMemoryHistory(initialEntries);
  return {
    routes,
    history,
    get state() {
      return { location: history.location };
    },
    navigate: async (to) => history.push(to),
  };
}

export function RouterProvider({ router }: { router: MemoryRouter }) {
  return (
    <Router location={useHistory(router.history)} navigator={router.history}>
      <Table routes={router.routes} />
    </Router>
  );
}

function Table({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
