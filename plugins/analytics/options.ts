import { Joi } from '@docusaurus/utils-validation';
import type { OptionValidationContext } from '@docusaurus/types';

export type AnalyticsOptions = {
  /** Load the script at all. Hosts that do not serve it turn this off. */
  enabled: boolean;
  /** Site-relative path of the web-analytics script (the base URL is prepended). */
  src: string;
};

export const DEFAULT_OPTIONS: AnalyticsOptions = {
  enabled: true,
  src: '/_vercel/insights/script.js',
};

const schema = Joi.object<AnalyticsOptions>({
  enabled: Joi.boolean().default(DEFAULT_OPTIONS.enabled),
  src: Joi.string()
    .pattern(/^\/(?!\/)/)
    .message('"src" must be a site-relative path starting with a single "/" (got {#value})')
    .default(DEFAULT_OPTIONS.src),
});

export function validateOptions({
  options,
  validate,
}: OptionValidationContext<Partial<AnalyticsOptions> | undefined, AnalyticsOptions>): AnalyticsOptions {
  return validate(schema, options ?? {});
}
