/**
 * Modal contents by component name (spec 1 §4 Modals: "loaded by component into a modal container").
 * A feature registers its modal once at import time, e.g. in src/features/customer-add/index.ts:
 *   registerModal('customer-add', { titleKey: 'customer-add.title', Component: CustomerAddModal });
 * The content gets `close(result?)` (modal.close: always allowed, e.g. after a save).
 */
import type { ComponentType } from 'react';

export interface ModalContentProps {
  params: Record<string, string>;
  close: (result?: unknown) => void;
}
export interface ModalDefinition {
  titleKey: string;
  Component: ComponentType<ModalContentProps>;
}

const registry = new Map<string, ModalDefinition>();
export function registerModal(component: string, definition: ModalDefinition): void {
  registry.set(component, definition);
}
export function modalDefinition(component: string): ModalDefinition | undefined {
  return registry.get(component);
}
