import type { FastifyInstance } from 'fastify';
import type { TInstantSocketMessage } from '@ona/contracts';

/**
 * Two channels per survey: hosts hear everything; participants only what changes their page (who
 * joined, the state). Sending every answer to every phone would make a 1,000-person room cost a
 * million messages for nothing. The realtime hub puts the deployment's REDIS_PREFIX before it.
 */
export const surveyChannel = (surveyId: number, audience: 'host' | 'participant') => `instant-survey:${surveyId}:${audience}`;

/**
 * Tells every socket of the survey. A lost live message only delays a refresh (the next one or a
 * reload shows everything), so a Redis hiccup is logged rather than failing the participant's save.
 */
export async function publishLive(app: FastifyInstance, message: TInstantSocketMessage): Promise<void> {
  try {
    const publishes = [app.realtime.publish(surveyChannel(message.survey, 'host'), message)];
    if (message.type !== 'answer') publishes.push(app.realtime.publish(surveyChannel(message.survey, 'participant'), message));
    await Promise.all(publishes);
  } catch (err) {
    app.log.error({ err, survey: message.survey }, 'live message not published');
  }
}
