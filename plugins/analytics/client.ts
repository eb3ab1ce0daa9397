import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import globalData from '@generated/globalData';
import { loadAnalytics } from './load';

type Data = { src: string };

if (ExecutionEnvironment.canUseDOM) {
  const data = (globalData['services-manager-analytics'] as Record<string, Data> | undefined)?.default;
  if (data) loadAnalytics(document, window as never, data.src);
}
