import { queryOptions } from '@tanstack/react-query';
import type { SignedInHome } from '../../../domain/home';
import { getQueryFn } from '../../lib/api';

/** The signed-in home's data (`GET /api/home`), for the signed-in user only. */
export const signedInHomeQuery = () =>
  queryOptions<SignedInHome>({
    queryKey: ['/api/home'],
    queryFn: getQueryFn<SignedInHome>({ on401: 'throw' }),
  });
