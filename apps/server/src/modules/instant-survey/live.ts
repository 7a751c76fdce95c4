import type { FastifyInstance } from 'fastify';
import type { TInstantSocketMessage } from '@ona/contracts';

/**
 * Two channels per survey: hosts hear everything; participants only what changes their page (who
 * joined, the state). Sending every answer to every phone would make a 1,000-person room cost a
 * million messages for nothing. The realtime hub puts the deployment's REDIS_PREFIX before it.
 */
export const surveyChannel = (surveyId: number, audience: 'host' | 'participant') => `instant-survey:${surveyId}:${audience}`;

type TDistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A live message before it is addressed: each audience gets its own id of the survey. */
export type TLiveMessage = TDistributiveOmit<TInstantSocketMessage, 'survey'>;

/**
 * Tells every socket of the survey. Hosts hear the survey's numeric id, participants its public id
 * (they never see the sequential one). A lost live message only delays a refresh (the next one or
 * a reload shows everything), so a Redis hiccup is logged rather than failing the participant's save.
 */
export async function publishLive(app: FastifyInstance, survey: { id: number; publicId: string }, message: TLiveMessage): Promise<void> {
  try {
    const publishes = [app.realtime.publish(surveyChannel(survey.id, 'host'), { ...message, survey: survey.id })];
    if (message.type !== 'answer') publishes.push(app.realtime.publish(surveyChannel(survey.id, 'participant'), { ...message, survey: survey.publicId }));
    await Promise.all(publishes);
  } catch (err) {
    app.log.error({ err, survey: survey.id }, 'live message not published');
  }
}
