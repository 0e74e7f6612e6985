import { Tabs } from '@mantine/core';
import { AdminLayout } from '../../components/admin/admin-layout.tsx';
import { AllContent } from '../../components/admin/content/all-content.tsx';
import { ModerationQueue } from '../../components/moderation/moderation-queue.tsx';
import { t } from '../../i18n/index.ts';

/** /admin/content (moderators and admins): the moderation queue of contributions, and all items. */
export function AdminContentPage() {
  return (
    <AdminLayout title={t('Content')} description={t('Review contributions and manage every item of the catalogue.')}>
      <Tabs defaultValue="queue" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="queue">{t('Moderation queue')}</Tabs.Tab>
          <Tabs.Tab value="all">{t('All content')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="queue">
          <ModerationQueue />
        </Tabs.Panel>
        <Tabs.Panel value="all">
          <AllContent />
        </Tabs.Panel>
      </Tabs>
    </AdminLayout>
  );
}
