// Half of the routes (lib/fuzz-routes.ts): the suite's two workers fuzz side by side.
import { fuzzRoutes } from './lib/fuzz-routes';

await fuzzRoutes(1, 2);
