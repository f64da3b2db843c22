// The referrals feature's public entry point: other features, app.ts and the demo sample import it only from here
// (docs/decisions/0010). Auth records a registration's referral and puts the code in the session; billing asks,
// when a customer's payment succeeds, whether it earns their referrer a reward (billing owns the credit).
export { referralsRoutes } from './referrals.routes.ts';
export { firstPaymentReward, recordReferral, referralCodeFor } from './referrals.service.ts';
