// Support requests (docs/domain/support-requests.md): a user's own requests with their status and answer; a
// superuser's list holds every user's, with the requester's name.
import { supportRequest } from '../src/entities/support-request';
import { defineGrid } from './define-grid';

export const supportRequestsGrid = defineGrid(supportRequest, {
  columns: ['subject', 'status', 'requester_name', 'answer', 'answered_at', 'page'],
  card: ['status', 'answered_at'],
});
