import type { ComponentType } from 'react';
import type { Props } from '@theme/CodeBlock';

let registered: ComponentType<Props> | undefined;

/** The code block, once a page that uses one has loaded it (see ./register). */
export const registeredCodeBlock = (): ComponentType<Props> | undefined => registered;

export function registerCodeBlock(component: ComponentType<Props>): void {
  registered = component;
}
