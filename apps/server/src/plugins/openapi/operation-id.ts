/**
 * The operation id of a route, derived from its method and path only, so it never changes unless
 * the route does: the method in lower case, then every path segment after `/api` in PascalCase,
 * a path parameter as `By` + its name. `GET /api/engagements/:id/hierarchy/` →
 * `getEngagementsByIdHierarchy`; `DELETE /api/organization/api-keys/:id/` →
 * `deleteOrganizationApiKeysById`. Uniqueness over the whole document is pinned by a test.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter((segment) => segment.length > 0)
    .map((segment) => (segment.startsWith(':') || segment.startsWith('{') ? `By${pascal(segment.replace(/^[:{]|}$/g, ''))}` : pascal(segment)));
  return `${method.toLowerCase()}${words.join('')}`;
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}
