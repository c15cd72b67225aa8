/** A route of `apiRoutes`: `$path` fills in its params (as given) and names no host. */
type Route = { $path: (...args: never[]) => string };

/** The params a route's path declares (`:gameId` → `{ gameId: string }`). */
type ParamsOf<R extends Route> = NonNullable<Parameters<R['$path']>[0]> extends { param: infer P } ? P : never;

/**
 * A route's path with its params filled in, each percent-encoded (hono/client puts them in as given), and the
 * query if any: `apiPath(apiRoutes.games[':id'], { id })` is `/api/games/<id>`.
 */
export function apiPath<R extends Route>(route: R, param: ParamsOf<R>, query?: URLSearchParams): string {
  const encoded = Object.fromEntries(
    Object.entries(param as Record<string, string>).map(([name, value]) => [name, encodeURIComponent(value)]),
  );
  const path = (route.$path as (arg: { param: Record<string, string> }) => string)({ param: encoded });
  const search = query?.toString();
  return search ? `${path}?${search}` : path;
}
