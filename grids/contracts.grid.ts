// Contracts: what runs until when, and the last day to cancel it (docs/domain/calculations.md, "Contract deadlines").
import { contract } from '../src/entities/contract';
import { defineGrid } from './define-grid';

export const contractsGrid = defineGrid(contract, {
  columns: [
    'title',
    'status',
    'contract_acceptor_uuid',
    'contract_end_date',
    'latest_cancellation_date',
    'property_uuid',
    'contract_type',
    'amount',
    'payment_interval',
    'auto_extend',
    'number_internal',
  ],
  card: ['property_uuid', 'latest_cancellation_date', 'status'],
});
