/** Payments: the gateway interface, the sandbox, cards and deposits from a card (README.md in ../ledger). */
export * from './gateway';
export { createSandboxGateway, type SandboxGateway } from './sandbox';
export { addCard, getCard, listCards, type PaymentCard } from './cards';
export { depositFromCard, reconcileCharges, PaymentPendingError, type DepositOutcome, type PaymentDeps } from './deposit';
