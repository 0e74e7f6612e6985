import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { usePublicSettings } from '../../hooks/use-public-settings.ts';
import classes from './sample-data-banner.module.css';

/** Spec 2.4: the sample/demo data notice, shown only while the site setting is on. */
export function SampleDataBanner() {
  const { data } = usePublicSettings();
  if (!data?.sampleDataBanner) return null;
  return (
    <Alert variant="light" color="yellow" icon={<IconInfoCircle aria-hidden />} title="Sample data" classNames={{ title: classes.title }}>
      You are viewing sample/demo data. The entries show how SciAI works; figures such as views and saves are
      illustrative.
    </Alert>
  );
}
