import { Button, Card, Group, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { chatFr as t } from './fr';
import { useStaffMe } from './queries';

/** On the home of a syndic's staff member: the way to the staff inbox. */
export function StaffInboxLink() {
  const me = useStaffMe(true).data;
  if (!me) return null;
  return (
    <Card withBorder padding="md" w="100%" data-testid="staff-inbox-card">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text>{t.staffCard(me.syndic.name)}</Text>
        <Button component={Link} to="/gestion/messagerie" leftSection={<IconMessages size={18} />}>
          {t.staffOpen}
        </Button>
      </Group>
    </Card>
  );
}
