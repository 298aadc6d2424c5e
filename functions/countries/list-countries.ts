import * as routes from '../../shared/contract/routes/countries.js';
import { httpRoute } from '../platform/http.js';
import { listActiveCountries } from './repo.js';

export const handler = httpRoute(routes.listCountries, async () => ({
  countries: await listActiveCountries(),
}));
