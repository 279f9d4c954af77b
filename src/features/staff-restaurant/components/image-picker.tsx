import { FileInput, Stack } from '@mantine/core';
import { CoverImage } from '#src/components/cover-image';
import { vi } from '#src/i18n/vi';
import type { FileChoice } from '#src/lib/use-file-choice';

const text = vi.staffRestaurant;

/** What the server accepts (design.md section 5: checked by content, at most 2 MB). */
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

interface ImagePickerProps {
  label: string;
  /** The picture as saved, shown until another is chosen. */
  current: string | null;
  choice: FileChoice | null;
  onChoose: (file: File | null) => void;
  /** Width over height of the preview. */
  ratio: number;
  previewClassName?: string;
  error?: string;
}

/** A cover or a logo: a file picker and a preview of what the restaurant will show. */
export function ImagePicker({
  label,
  current,
  choice,
  onChoose,
  ratio,
  previewClassName,
  error,
}: ImagePickerProps) {
  const preview = choice?.preview ?? current;
  return (
    <Stack gap="xs">
      <FileInput
        size="md"
        label={label}
        description={text.imageHint}
        placeholder={text.chooseImage}
        accept={IMAGE_TYPES}
        clearable
        value={choice?.file ?? null}
        onChange={onChoose}
        error={error}
      />
      {preview ? (
        <div className={previewClassName}>
          <CoverImage src={preview} alt={text.preview(label)} ratio={ratio} />
        </div>
      ) : null}
    </Stack>
  );
}
