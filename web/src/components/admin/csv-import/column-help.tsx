import { Accordion, Badge, Code, Table, Text } from '@mantine/core';
import { buildImportTemplate, type ImportType } from '@sciai/core';
import { ScrollRegion } from './scroll-region.tsx';
import { t } from '../../../i18n/index.ts';

/** The help text core keeps for each column of the chosen type, as a collapsible table. */
export function ColumnHelp({ type }: { type: ImportType }) {
  const { help } = buildImportTemplate(type);
  return (
    <Accordion variant="contained" radius="md">
      <Accordion.Item value="columns">
        <Accordion.Control>{t('Columns')}</Accordion.Control>
        <Accordion.Panel>
          <ScrollRegion label={t('Column help')} minWidth={420}>
            <Table striped verticalSpacing={6} aria-label={t('Columns')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('Column')}</Table.Th>
                  <Table.Th>{t('What it holds')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {help.map((column) => (
                  <Table.Tr key={column.column}>
                    <Table.Td>
                      <Code>{column.column}</Code>
                      {column.required && (
                        <Badge ms={6} size="xs" variant="light" color="red" c="var(--mantine-color-text)">
                          {t('required')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{column.help}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
