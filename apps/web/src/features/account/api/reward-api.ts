/**
 * Loyalty rewards (ordering §3 "Loyalty reward", §7; ADR 027):
 * `GET /api/loyalty-reward/{id}` and the sign-up
 * `POST /api/diner/customer/{phone}/loyalty-reward/{rewardId}`.
 */
import { apiRequest } from '../../../lib/api-client';
import { CUSTOMER_SESSION_HEADER, customerSessionGet } from '../../../stores/customer-session-store';

/** The reward entity: an unknown, inactive or programme-off one is a 404 'No existe el premio {id}'. */
export interface LoyaltyReward {
  id: number;
  active: boolean;
  /** Points credited once per customer. */
  reward: number;
  branchId: number;
  /** The one location it is offered at; null: any of its branch's. */
  branchContactId: number | null;
}

/** What the sign-up sends (ordering §7), the phone already in E.164. */
export interface RewardSignupBody {
  name: string;
  phone: string;
  email: string;
  branchId: number;
  branchContactId: number;
  loyaltyRewardId: number;
  acquisitionChannel: string;
}

export interface RewardCredited {
  loyaltyRewardId: number;
  phone: string;
  reward: number;
}

export function loyaltyRewardGet(id: number): Promise<LoyaltyReward> {
  return apiRequest<LoyaltyReward>(`/loyalty-reward/${id}`);
}

/**
 * Credits the reward to the phone. No session is needed (ADR 027); the
 * signed-in diner's own, sent for their own phone, lets the server refresh
 * their stored name and email with the form's.
 */
export function rewardSignUp(body: RewardSignupBody): Promise<RewardCredited> {
  const session = customerSessionGet();
  return apiRequest<RewardCredited>(
    `/diner/customer/${encodeURIComponent(body.phone)}/loyalty-reward/${body.loyaltyRewardId}`,
    {
      method: 'POST',
      body,
      headers: session?.phone === body.phone ? { [CUSTOMER_SESSION_HEADER]: session.token } : undefined,
    },
  );
}
