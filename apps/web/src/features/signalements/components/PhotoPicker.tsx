import { ActionIcon, Button, FileButton, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { SIGNALEMENT_MAX_PHOTOS } from '@tantieme/contract';
import { IconCamera, IconPhoto, IconX } from '@tabler/icons-react';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { signalementsFr as t } from '../fr';
import { uploadPhoto } from '../queries';

export interface PickedPhoto {
  key: string;
  preview: string;
}

/**
 * Up to five photos: 'Prendre une photo' opens the phone's camera (`capture`), 'Choisir une photo'
 * its gallery or the computer's files. Each is sent as soon as chosen; the form sends their keys.
 */
export function PhotoPicker({
  photos,
  onChange,
  onBusy,
}: {
  photos: PickedPhoto[];
  onChange: Dispatch<SetStateAction<PickedPhoto[]>>;
  onBusy: (busy: boolean) => void;
}) {
  const [pending, setPending] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const room = SIGNALEMENT_MAX_PHOTOS - photos.length - pending;

  const add = async (files: File[] | File | null) => {
    const list = (Array.isArray(files) ? files : files ? [files] : []).slice(0, Math.max(0, room));
    if (list.length === 0) return;
    if (list.some((f) => !f.type.startsWith('image/'))) return setError(t.photoType);
    setError(null);
    setPending((n) => n + list.length);
    onBusy(true);
    const done: PickedPhoto[] = [];
    for (const f of list) {
      try {
        done.push({ key: await uploadPhoto(f), preview: URL.createObjectURL(f) });
      } catch {
        setError(t.photoFailed);
      }
    }
    setPending((n) => n - list.length);
    onBusy(false);
    onChange((prev) => [...prev, ...done]);
  };

  return (
    <Stack gap="xs">
      <Text component="span" fw={500} size="sm" id="photos-label">
        {t.fieldPhotos(SIGNALEMENT_MAX_PHOTOS)}
      </Text>
      {photos.length > 0 && (
        <Group gap="sm" role="list" aria-labelledby="photos-label">
          {photos.map((p, i) => (
            <div key={p.key} role="listitem" style={{ position: 'relative' }}>
              <Image src={p.preview} alt={`Photo ${i + 1}`} w={88} h={88} radius="sm" fit="cover" />
              <ActionIcon
                size={28}
                color="dark"
                variant="filled"
                radius="xl"
                aria-label={t.removePhoto(i + 1)}
                onClick={() => onChange((prev) => prev.filter((x) => x.key !== p.key))}
                style={{ position: 'absolute', top: 4, right: 4 }}
              >
                <IconX size={16} aria-hidden />
              </ActionIcon>
            </div>
          ))}
        </Group>
      )}
      {pending > 0 && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t.photoUploading}</Text>
        </Group>
      )}
      {room > 0 ? (
        <Group gap="sm">
          <FileButton onChange={(f) => void add(f)} accept="image/*" capture="environment">
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconCamera size={18} aria-hidden />}>
                {t.takePhoto}
              </Button>
            )}
          </FileButton>
          <FileButton onChange={(f) => void add(f)} accept="image/*" multiple>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPhoto size={18} aria-hidden />}>
                {t.choosePhoto}
              </Button>
            )}
          </FileButton>
        </Group>
      ) : (
        <Text size="sm" c="gray.8">
          {t.photoMax(SIGNALEMENT_MAX_PHOTOS)}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
