import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { categoryQueries } from '#src/api/categories';
import { paths } from '#src/config/paths';
import { vi } from '#src/i18n/first-screen';
import { searchPath } from '../search-path';
import classes from './home.module.css';

const text = vi.home;

/**
 * Spec 2.6: 'Tất cả' leads to /search, each category to /search?q={name}. They navigate, so
 * they are links (not toggles). Spec section 8: a failed category fetch leaves only 'Tất cả'.
 */
export function CategoryChips() {
  const { data: categories = [] } = useQuery(categoryQueries.list());
  return (
    <nav aria-label={text.categories}>
      <ul className={classes.chips}>
        <li>
          <Button component={Link} to={paths.search} size="sm" radius="xl">
            {text.allCategories}
          </Button>
        </li>
        {categories.map((category) => (
          <li key={category.id}>
            <Button
              component={Link}
              to={searchPath(category.name)}
              size="sm"
              radius="xl"
              variant="default"
            >
              {category.name}
            </Button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
