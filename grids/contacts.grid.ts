// Contacts (people and organisations; tenants are contacts with a tenancy).
import { contact } from '../src/entities/contact';
import { defineGrid } from './define-grid';

export const contactsGrid = defineGrid(contact, {
  columns: ['display_name', 'kind', 'email_address', 'phone_number', 'city', 'organisation', 'first_name', 'last_name'],
  card: ['email_address', 'phone_number', 'city'],
});
