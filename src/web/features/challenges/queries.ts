import { queryOptions } from '@tanstack/react-query';
import type { ChallengeFilters, ChallengePage } from '../../../domain/challenge-rules';
import type { SavedSearch } from '../../../domain/saved-searches';
import { type ChallengeState, challengeApiPath } from './state';

/** One page of account options, filtered and sorted by the server (GET /api/challenges). */
export const challengesQuery = (state: ChallengeState) =>
  queryOptions<ChallengePage>({ queryKey: [challengeApiPath(state)] });

/** The platform and country choices of the filters. */
export const challengeFiltersQuery = () =>
  queryOptions<ChallengeFilters>({ queryKey: ['/api/challenges/filters'] });

/** The trader's saved searches with what each finds now. */
export const savedSearchesQuery = () => queryOptions<SavedSearch[]>({ queryKey: ['/api/saved-searches'] });
