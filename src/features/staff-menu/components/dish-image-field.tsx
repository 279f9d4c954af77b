import '@mantine/core/styles/SegmentedControl.layer.css';
import { FileInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { CoverImage } from '#src/components/cover-image';
import { vi } from '#src/i18n/vi';
import type { FileChoice } from '#src/lib/use-file-choice';
import { isLinkedImage, type ImageSource } from '../dish-form-values';
import classes from './staff-menu.module.css';

const text = vi.dishForm;

/** What the server accepts (design.md section 5: checked by content, at most 2 MB). */
export const IMAGE_TYPES = 'image/jpeg,image/png,image/webp';

interface DishImageFieldProps {
  source: ImageSource;
  onSource: (source: ImageSource) => void;
  file: FileChoice | null;
  onFile: (file: File | null) => void;
  url: string;
  onUrl: (url: string) => void;
  /** The dish's picture as saved; kept while no new file is chosen. */
  current: string | null;
  error?: string;
}

/**
 * Spec 2.18: an image file or an image URL, one or the other, with a preview of what the dish
 * will show once saved.
 */
export function DishImageField({
  source,
  onSource,
  file,
  onFile,
  url,
  onUrl,
  current,
  error,
}: DishImageFieldProps) {
  let preview: string | null;
  if (source === 'file') preview = file?.preview ?? current;
  else preview = isLinkedImage(url) ? url.trim() : null;

  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{text.image}</legend>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={text.imageSource}
          size="md"
          value={source}
          onChange={(value) => onSource(value === 'url' ? 'url' : 'file')}
          data={[
            { value: 'file', label: text.imageFile },
            { value: 'url', label: text.imageUrl },
          ]}
        />
        {source === 'file' ? (
          <FileInput
            size="md"
            label={text.fileLabel}
            description={current ? text.fileKeepsCurrent : text.fileHint}
            placeholder={text.chooseFile}
            accept={IMAGE_TYPES}
            clearable
            value={file?.file ?? null}
            onChange={onFile}
            error={error}
          />
        ) : (
          <TextInput
            size="md"
            type="url"
            inputMode="url"
            label={text.urlLabel}
            description={text.urlHint}
            placeholder="https://"
            value={url}
            onChange={(event) => onUrl(event.currentTarget.value)}
            error={error}
          />
        )}
        {preview ? (
          <div className={classes.preview}>
            <CoverImage src={preview} alt={text.preview} ratio={4 / 3} />
          </div>
        ) : (
          <Text size="sm" c="dimmed">
            {text.noImage}
          </Text>
        )}
      </Stack>
    </fieldset>
  );
}
