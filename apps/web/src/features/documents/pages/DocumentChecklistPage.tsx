import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  ApiError,
  CHECKLIST_AUDIENCE_LABELS,
  CHECKLIST_STATUS_LABELS,
  type ChecklistRowData,
  formatDate,
} from '@tantieme/contract';
import { Link } from 'react-router-dom';
import { Empty, LoadError, Loading } from '../components/PageState';
import { frDocs as t } from '../fr';
import { useChecklist, useDocRecord } from '../queries';

const STATUS_COLOR = { present: 'green.9', stale: 'orange.9', missing: 'red.9' } as const;
const AUDIENCES = ['all', 'own', 'council'] as const;

function Row({ item }: { item: ChecklistRowData }) {
  return (
    <Card
      withBorder
      padding="sm"
      component="li"
      aria-label={`${item.label} : ${CHECKLIST_STATUS_LABELS[item.status]}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{item.label}</Text>
          <Text size="sm" c="dark.5">
            {item.reference}
          </Text>
          {item.counts && (
            <Text size="sm" c="dark.7">
              {t.checklist.counts(item.counts)}
            </Text>
          )}
          <Text size="sm" c="dark.7">
            {item.document
              ? `${item.counts ? t.checklist.latest : t.checklist.matched} : ${item.document.name} (${formatDate(item.document.date)})`
              : t.checklist.none}
          </Text>
          {item.assemblies && (
            <Stack gap={0}>
              {item.assemblies.map((a) => (
                <Text size="sm" key={a.date} c={a.status === 'missing' ? 'red.9' : 'dark.7'}>
                  {t.checklist.assembly(formatDate(a.date), a.status === 'present')}
                </Text>
              ))}
            </Stack>
          )}
          {item.code === 'carnet_entretien' && (
            <Anchor component={Link} to="../carnet-entretien" relative="path" size="sm">
              {t.checklist.openCarnet}
            </Anchor>
          )}
        </Stack>
        <Badge color={STATUS_COLOR[item.status]} variant="filled" tt="none" style={{ flexShrink: 0 }}>
          {CHECKLIST_STATUS_LABELS[item.status]}
        </Badge>
      </Group>
    </Card>
  );
}

/** 'Documents obligatoires' (council members): the décret 2019-502 checklist of the copropriété. */
export default function DocumentChecklistPage() {
  const { record, isLoading } = useDocRecord();
  const q = useChecklist(record?.id);
  const refused = q.error instanceof ApiError && q.error.status === 404;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t.titles.checklist}
      </Title>
      <Text>{t.checklist.intro}</Text>
      {isLoading || q.isLoading ? (
        <Loading />
      ) : refused ? (
        <Empty />
      ) : q.isError || !q.data ? (
        <LoadError retry={() => q.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dark.7">
            {q.data.last_ag_date
              ? `${t.checklist.lastAg} : ${formatDate(q.data.last_ag_date)}`
              : t.checklist.noAg}
          </Text>
          {AUDIENCES.map((a) => (
            <Stack key={a} gap="xs" component="section" aria-labelledby={`checklist-${a}`}>
              <Title order={2} size="h4" id={`checklist-${a}`}>
                {CHECKLIST_AUDIENCE_LABELS[a]}
              </Title>
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {q.data.items
                  .filter((i) => i.audience === a)
                  .map((i) => (
                    <Row key={i.code} item={i} />
                  ))}
              </Stack>
            </Stack>
          ))}
        </>
      )}
    </Stack>
  );
}
