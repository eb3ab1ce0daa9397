import { createContext, type ReactNode } from 'react';

/** The build-time tokens (see ./tokens) of the code block inside, for ./highlight to render. */
export const BuiltTokensContext = createContext<string | undefined>(undefined);

/** Wraps each fenced code block of a page (added by ./remark), carrying its tokens. */
export default function BuiltTokens({ value, children }: { value: string; children?: ReactNode }): ReactNode {
  return <BuiltTokensContext.Provider value={value}>{children}</BuiltTokensContext.Provider>;
}
