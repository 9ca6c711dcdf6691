import type { Env } from '../../env';

/** Which offerwalls are configured: a wall without its embed settings and secret is not offered. */
export function offerwallAvailability(env: Env): { offerwall: boolean; adscend: boolean } {
  return {
    offerwall: Boolean(env.OFFERWALL_URL && env.OFFERWALL_SECRET),
    adscend: Boolean(env.ADSCEND_PUB_ID && env.ADSCEND_WALL_ID && env.ADSCEND_SECRET),
  };
}
