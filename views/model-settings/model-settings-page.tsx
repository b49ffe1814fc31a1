// A model-settings page of the manifest (views/pages.ts, kind `modelSettings`): the settings form of its model
// (./model-settings-view.tsx, docs/domain/fields.md "Model settings").
import type { ComponentType } from 'react';
import type { ModelSettingsPage } from '../pages';
import { ModelSettingsView } from './model-settings-view';

export const modelSettingsPage = (page: ModelSettingsPage): ComponentType =>
  function ModelSettingsScreen() {
    return <ModelSettingsView model={page.model} />;
  };
