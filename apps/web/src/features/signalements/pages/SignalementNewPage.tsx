import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  ApiError,
  isOpenSignalement,
  SIGNALEMENT_PLACE_LABELS,
  SIGNALEMENT_PLACES,
  type SignalementPlace,
  type SignalementVisibility,
} from '@tantieme/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCurrentCoproprietaire } from '../../coproprietaire/queries';
import { apiMessage } from '../../auth/validate';
import { MeTooButton } from '../components/MeTooButton';
import { type PickedPhoto, PhotoPicker } from '../components/PhotoPicker';
import { SignalementCard } from '../components/SignalementCard';
import { signalementsFr as t } from '../fr';
import { useCreateSignalement, useSignalements } from '../queries';

type Errors = Partial<Record<'title' | 'place' | 'lot_id' | 'description' | 'form', string>>;

/** The building's open reports, those of the chosen place first, each open to 'Moi aussi'. */
function OpenReports({ recordId, place }: { recordId: string; place: string }) {
  const q = useSignalements(recordId);
  const open = (q.data?.items ?? []).filter((s) => isOpenSignalement(s.status) && !s.is_mine);
  if (open.length === 0) return null;
  const sorted = [...open].sort((a, b) => Number(b.place === place) - Number(a.place === place));
  return (
    <section aria-labelledby="same-title" data-testid="open-reports">
      <Title order={2} size="h4" id="same-title">
        {t.sameFirst}
      </Title>
      <Text size="sm" mb="xs">
        {t.sameHint}
      </Text>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {sorted.slice(0, 6).map((s) => (
          <SignalementCard
            key={s.id}
            s={s}
            to={`../${s.id}`}
            headingLevel={3}
            action={<MeTooButton recordId={recordId} s={s} />}
          />
        ))}
      </Stack>
    </section>
  );
}

/** 'Signaler un problème': the form first (a phone's first screen), the open reports beside it. */
export default function SignalementNewPage() {
  const { coproId = '' } = useParams();
  const { record } = useCurrentCoproprietaire();
  const navigate = useNavigate();
  const create = useCreateSignalement(coproId);
  const [title, setTitle] = useState('');
  const [place, setPlace] = useState<SignalementPlace | ''>('');
  const [lotId, setLotId] = useState('');
  const [description, setDescription] = useState('');
  const [visibility, setVisibility] = useState<SignalementVisibility>('IMMEUBLE');
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const lots = record?.lots ?? [];
  const places = SIGNALEMENT_PLACES.filter((p) => p !== 'LOT' || lots.length > 0);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: Errors = {};
    if (!title.trim()) next.title = t.required;
    if (!place) next.place = t.required;
    if (place === 'LOT' && !lotId) next.lot_id = t.required;
    if (!description.trim()) next.description = t.required;
    setErrors(next);
    if (Object.keys(next).length) {
      const first = Object.keys(next)[0];
      document.getElementById(`sig-${first}`)?.focus();
      return;
    }
    create.mutate(
      {
        title: title.trim(),
        place: place as SignalementPlace,
        lot_id: place === 'LOT' ? lotId : null,
        description: description.trim(),
        visibility,
        photos: photos.map((p) => p.key),
      },
      {
        onSuccess: (d) => {
          notifications.show({ color: 'teal', message: t.sent });
          navigate(`../${d.id}`, { relative: 'path', replace: true });
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? (err.errors ?? {}) : {};
          setErrors({ ...fields, form: apiMessage(err) });
        },
      },
    );
  };

  return (
    <Stack gap="md" maw={760} data-testid="signalement-new">
      <Anchor component={Link} to=".." relative="path" size="sm" style={{ alignSelf: 'flex-start' }}>
        <Group gap={4} component="span" mih={24}>
          <IconArrowLeft size={16} aria-hidden />
          {t.back}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t.newTitle}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            id="sig-title"
            label={t.fieldTitle}
            description={t.fieldTitleHint}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            maxLength={120}
            required
          />
          <NativeSelect
            id="sig-place"
            label={t.fieldPlace}
            value={place}
            onChange={(e) => setPlace(e.currentTarget.value as SignalementPlace)}
            error={errors.place}
            required
            data={[
              { value: '', label: t.choose, disabled: true },
              ...places.map((p) => ({ value: p, label: SIGNALEMENT_PLACE_LABELS[p] })),
            ]}
          />
          {place === 'LOT' && (
            <NativeSelect
              id="sig-lot_id"
              label={t.fieldLot}
              value={lotId}
              onChange={(e) => setLotId(e.currentTarget.value)}
              error={errors.lot_id}
              required
              data={[
                { value: '', label: t.choose, disabled: true },
                ...lots.map((l) => ({ value: l.id, label: `Lot ${l.lot_id} · ${l.name}` })),
              ]}
            />
          )}
          {place && <OpenReports recordId={coproId} place={place} />}
          <Textarea
            id="sig-description"
            label={t.fieldDescription}
            description={t.fieldDescriptionHint}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errors.description}
            autosize
            minRows={4}
            maxLength={4000}
            required
          />
          <PhotoPicker photos={photos} onChange={setPhotos} onBusy={setBusy} />
          <Radio.Group
            label={t.fieldVisibility}
            value={visibility}
            onChange={(v) => setVisibility(v as SignalementVisibility)}
          >
            <Stack gap="xs" mt="xs">
              {/* 24 px, the smallest target WCAG 2.5.8 allows. */}
              <Radio size="md" value="IMMEUBLE" label={t.visibility.IMMEUBLE} />
              <Radio size="md" value="PRIVE" label={t.visibility.PRIVE} />
            </Stack>
          </Radio.Group>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Button
            type="submit"
            size="md"
            loading={create.isPending}
            disabled={busy}
            style={{ alignSelf: 'flex-start' }}
          >
            {t.submit}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
