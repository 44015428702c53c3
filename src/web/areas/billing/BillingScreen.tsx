import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../../ui/FullPageLoader';

/**
 * The billing screen's door: the app's routes import only this, so the entry chunk names
 * one small chunk instead of every chunk the billing page needs (the sign-in page's
 * budget counts those names).
 */
const BillingPage = lazy(() => import('./BillingPage'));

export default function BillingScreen() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <BillingPage />
    </Suspense>
  );
}
