import '@mantine/core/styles/Chip.layer.css';
import { Chip, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { categoryQueries } from '#src/api/categories';
import { vi } from '#src/i18n/vi';
import classes from './staff-menu.module.css';

const text = vi.dishForm;

interface CategoryPickerProps {
  /** Category ids as text. */
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}

/** The categories of GET /api/category/ as chips; a dish may have several. */
export function CategoryPicker({ value, onChange, error }: CategoryPickerProps) {
  const { data: categories, isError } = useQuery(categoryQueries.list());
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{text.categories}</legend>
      {categories ? (
        <Chip.Group multiple value={value} onChange={onChange}>
          <div className={classes.chips}>
            {categories.map((category) => (
              <Chip key={category.id} value={String(category.id)} size="md" variant="outline">
                {category.name}
              </Chip>
            ))}
          </div>
        </Chip.Group>
      ) : isError ? (
        <Text size="sm" c="dimmed">
          {text.categoriesFailed}
        </Text>
      ) : null}
      {error ? (
        <Text size="sm" c="red" mt={4}>
          {error}
        </Text>
      ) : null}
    </fieldset>
  );
}
