/** Payments: the gateway interface, the sandbox, cards and deposits from a card (README.md in ../ledger). */
export * from './gateway';
export { createSandboxGateway, SANDBOX_TEST_CARDS, DECLINE_MESSAGES, type SandboxGateway, type SandboxFault } from './sandbox';
export { addCard, getCard, listCards, type PaymentCard } from './cards';
export { depositFromCard, reconcileCharges, PaymentPendingError, type DepositOutcome, type DepositRequest, type PaymentDeps } from './deposit';
