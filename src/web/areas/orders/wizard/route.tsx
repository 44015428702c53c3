import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../../../ui/FullPageLoader';

/**
 * The wizard's route: a one-line chunk that loads the wizard. The app's entry names only
 * this file, not the many chunks the wizard needs, so the sign-in page stays in its budget.
 */
const OrderWizardPage = lazy(() => import('./OrderWizardPage'));

export default function OrderWizardRoute() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <OrderWizardPage />
    </Suspense>
  );
}
