// Contracts: what runs until when, and the last day to cancel it (docs/domain/calculations.md, "Contract deadlines").
import { contract } from '../src/entities/contract';
import { defineGrid } from './define-grid';

export const contractsGrid = defineGrid(contract, {
  columns: [
    'title',
    'property_uuid',
    'contract_type',
    'contract_acceptor_uuid',
    'contract_end_date',
    'latest_cancellation_date',
    'auto_extend',
    'amount',
    'payment_interval',
    'status',
  ],
  card: ['property_uuid', 'latest_cancellation_date', 'status'],
});
