import type { ComponentType } from 'react';
import { CardContainer } from '@tongxin/shared-ui';
import type { RemotePageProps } from '@tongxin/shared-ui/session';
import { paramOf } from '../../common/flow-routes';
import { ProcessPage, type ProcessPageProps } from './ProcessPage';

/** The handle (/…/handle/{taskId}/{processInstanceId}/{businessId}) and detail
 * (/…/detail/{processInstanceId}/{businessId}) pages of a process whose record `Business` shows. */
export function processPages(
  Business: ComponentType<{ businessId?: string }>,
  useLabels?: () => ProcessPageProps['labels'],
) {
  const page = (handle: boolean) =>
    function ProcessRoute({ path, params = {} }: RemotePageProps) {
      const labels = useLabels?.();
      return (
        <CardContainer>
          <ProcessPage
            path={path}
            taskId={handle ? params.taskId : undefined}
            processInstanceId={params.processInstanceId ?? ''}
            business={<Business businessId={paramOf(params.businessId)} />}
            labels={labels}
          />
        </CardContainer>
      );
    };
  return { HandlePage: page(true), DetailPage: page(false) };
}
