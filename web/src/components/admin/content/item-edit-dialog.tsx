import { useState } from 'react';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ITEM_STATUSES, type AdminItem, type ItemStatus } from '../../../data/admin-content.ts';
import { useUpdateAdminItem } from '../../../hooks/use-admin-items.ts';
import type { ScientificDomain } from '../../../data/domains.ts';
import { errorMessage } from '../../load-state.tsx';
import { t } from '../../../i18n/index.ts';
import { statusLabel } from '../common/item-labels.ts';

interface ItemEditDialogProps {
  item: AdminItem;
  domains: ScientificDomain[];
  onClose: () => void;
  onSaved: () => void;
}

const isStatus = (value: string | null): value is ItemStatus => ITEM_STATUSES.some((status) => status === value);

/** Edits an item's fields and domains in one save (one SQL function, one transaction). */
export function ItemEditDialog({ item, domains, onClose, onSaved }: ItemEditDialogProps) {
  const [title, setTitle] = useState(item.title);
  const [shortDescription, setShortDescription] = useState(item.short_description);
  const [description, setDescription] = useState(item.description);
  const [url, setUrl] = useState(item.url ?? '');
  const [year, setYear] = useState<number | string>(item.year ?? '');
  const [tags, setTags] = useState(item.tags);
  const [status, setStatus] = useState<ItemStatus>(item.status);
  const [verified, setVerified] = useState(item.verified);
  const [featured, setFeatured] = useState(item.featured);
  const [domainIds, setDomainIds] = useState(item.domain_ids);
  const [busy, setBusy] = useState(false);
  const updateItem = useUpdateAdminItem();
  const titleError = title.trim() === '' ? t('Title is required') : null;
  const urlError =
    url.trim() !== '' && !/^https?:\/\//.test(url.trim()) ? t('URL must start with http:// or https://') : null;
  // an item without domains may stay so; one that has some cannot lose them all
  const domainError = domainIds.length === 0 && item.domain_ids.length > 0 ? t('Choose at least one domain') : null;

  const save = async () => {
    setBusy(true);
    try {
      const domainsChanged = domainIds.join() !== item.domain_ids.join();
      await updateItem(
        item.id,
        {
          title: title.trim(),
          short_description: shortDescription.trim(),
          description,
          url: url.trim() || null,
          year: typeof year === 'number' ? year : null,
          tags,
          status,
          verified,
          featured,
        },
        domainsChanged ? domainIds : null,
      );
      notifications.show({ color: 'teal', title: t('Item updated'), message: title.trim() });
      onSaved();
    } catch (error) {
      notifications.show({ color: 'red', title: t('Could not save the item'), message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={() => !busy && onClose()} title={t('Edit “{title}”', { title: item.title })} size="lg">
      <Stack gap="sm">
        <TextInput
          label={t('Title')}
          required
          value={title}
          error={titleError}
          onChange={(event) => setTitle(event.currentTarget.value)}
          maxLength={300}
        />
        <TextInput
          label={t('Short description')}
          value={shortDescription}
          onChange={(event) => setShortDescription(event.currentTarget.value)}
          maxLength={300}
        />
        <Textarea
          label={t('Description')}
          autosize
          minRows={3}
          maxRows={10}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <TextInput
          label={t('URL')}
          value={url}
          error={urlError}
          onChange={(event) => setUrl(event.currentTarget.value)}
        />
        <Group grow wrap="wrap" align="flex-start">
          <NumberInput label={t('Year')} min={1800} max={2100} value={year} onChange={setYear} allowDecimal={false} />
          <Select
            label={t('Status')}
            allowDeselect={false}
            data={ITEM_STATUSES.map((value) => ({ value, label: statusLabel(value) }))}
            value={status}
            onChange={(value) => isStatus(value) && setStatus(value)}
          />
        </Group>
        <TagsInput label={t('Tags')} value={tags} onChange={setTags} clearable />
        <MultiSelect
          label={t('Domains')}
          description={t('The first one is the primary domain.')}
          searchable
          data={domains.map((domain) => ({ value: domain.id, label: domain.name }))}
          value={domainIds}
          onChange={setDomainIds}
          error={domainError}
        />
        <Group gap="lg">
          <Switch
            label={t('Verified')}
            checked={verified}
            onChange={(event) => setVerified(event.currentTarget.checked)}
          />
          <Switch
            label={t('Featured')}
            checked={featured}
            onChange={(event) => setFeatured(event.currentTarget.checked)}
          />
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('Cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={Boolean(titleError || urlError || domainError)}>
            {t('Save changes')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
