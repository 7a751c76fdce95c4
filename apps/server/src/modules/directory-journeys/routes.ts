import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiError, ZIdParams, ZJourneyDirectorySyncResult, ZJourneyFromDirectory, ZJourneyPeopleSource, type TJourneyPeopleSource } from '@ona/contracts';
import { and, eq, tables } from '@ona/db';
import { ApiError } from '../../errors/api-error.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { requireAdminEngagement } from '../engagement-admin/admin-guard.ts';
import { dayOf, startJourneyFromDirectory } from './journey-people-sync.ts';
import { inChosenUnits, pathKey, unitChoices, unitSegments } from './unit-paths.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const tags = ['engagement-admin'];

/** The active people's unit paths of one organisation's directory. */
async function activeUnitPaths(db: Parameters<typeof startJourneyFromDirectory>[0], organizationId: number): Promise<(string | null)[]> {
  const { directoryPeople } = tables;
  const rows = await db.select({ unitPath: directoryPeople.unitPath }).from(directoryPeople).where(and(eq(directoryPeople.organizationId, organizationId), eq(directoryPeople.active, true)));
  return rows.map((r) => r.unitPath);
}

/** The employee step's "from the directory" (docs/directory-journeys.md). */
export const directoryJourneyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/engagements/:id/employees/source/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Where the journey’s participants come from (an upload or the directory, with the chosen units) and the directory’s units to choose from',
      description: 'Engagement admins. `follows_directory` says whether directory changes reach the journey now (a directory journey that is not closed, archived or past its last day).',
      params: ZIdParams,
      response: { 200: ZJourneyPeopleSource, ...errors },
    },
  }, async (request): Promise<TJourneyPeopleSource> => {
    const auth = requireAuth(request);
    const engagement = await requireAdminEngagement(app.db, auth, request.params.id);
    const [stored] = await app.db.select({ source: tables.engagements.peopleSource, units: tables.engagements.directoryUnits }).from(tables.engagements).where(eq(tables.engagements.id, engagement.id));
    const paths = await activeUnitPaths(app.db, auth.organizationId);
    const source = stored?.source === 'directory' ? 'directory' : 'upload';
    const open = engagement.closedAt === null && engagement.archivedAt === null && engagement.accessTill >= dayOf(new Date());
    return { source, units: source === 'directory' ? (stored?.units ?? null) : null, follows_directory: source === 'directory' && open, directory_people: paths.length, directory_units: unitChoices(paths) };
  });

  app.post('/engagements/:id/employees/from-directory/', {
    onRequest: app.authenticate,
    schema: {
      tags,
      summary: 'Take the journey’s participants from the directory: everyone, or the chosen units and everything below them',
      description:
        'Engagement admins. Active directory people of the chosen units become the employees, with their units (paths made into the unit tree), leader links from their managers and filter attributes; people already in the journey keep their id (matched by directory person, else e-mail). Participants not in the choice are removed, which is refused (409 `employees_have_answers`) once the survey has answers. `units` null or empty: the whole directory; a unit the directory does not have: 400 `unknown_directory_unit`; an empty directory or choice: 400 `directory_empty`. While the journey is open it follows the directory (joiners, movers, leavers); an employees upload later makes it an upload journey again.',
      params: ZIdParams,
      body: ZJourneyFromDirectory,
      response: { 200: ZJourneyDirectorySyncResult, ...errors },
    },
  }, async (request) => {
    const auth = requireAuth(request);
    const engagement = await requireAdminEngagement(app.db, auth, request.params.id);
    const paths = await activeUnitPaths(app.db, auth.organizationId);
    const choices = new Set(unitChoices(paths).map((c) => pathKey(unitSegments(c.path))));
    const chosen = request.body.units ?? [];
    const unknown = chosen.filter((unit) => !choices.has(pathKey(unitSegments(unit))));
    if (unknown.length > 0) throw new ApiError(400, 'unknown_directory_unit', 'journeys.errors.directory_unknown_unit', { units: ['journeys.errors.directory_unknown_unit'] }, { unit: unknown[0] ?? '' });
    if (!paths.some((path) => inChosenUnits(path, chosen))) throw new ApiError(400, 'directory_empty', 'journeys.errors.directory_empty');
    return startJourneyFromDirectory(app.db, engagement, chosen);
  });
};
