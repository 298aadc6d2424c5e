import * as routes from '../../shared/contract/routes/credits.js';
import { contextRoute } from '../organizations/acting-as.js';
import { epochSeconds, systemClock } from '../platform/clock.js';
import { walletView } from './wallet-view.js';

/** The wallet of the call's work context: Personal, or the organisation's. */
export const handler = contextRoute(routes.getWallet, async ({ acting }) =>
  walletView(acting.ownerId, epochSeconds(systemClock.now())),
);
