/** The addresses of the promotion screens (document 001: /campaigns, /campaigns/create, /campaigns/:id, /campaignsEnrollment/:id). */
export const CAMPAIGNS_PATH = '/promotions/campaigns';
export const CREATE_PATH = '/promotions/campaigns/create';
export const CAMPAIGN_PATH = (promotionId: number): string => `/promotions/campaigns/${promotionId}`;
export const ENROLLMENT_PATH = (promotionId: number): string => `/promotions/campaignsEnrollment/${promotionId}`;
