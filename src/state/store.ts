// The one jotai store, so code outside React (logout, the 401 handler) can reset UI state.
import { createStore } from 'jotai';

export const store = createStore();
