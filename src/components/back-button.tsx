import { Button } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';

function ArrowLeft() {
  return (
    <svg
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </svg>
  );
}

/**
 * Back to where the user came from. A screen opened straight from a link or a new tab has no
 * page of ours behind it, so it goes home rather than out of the app.
 */
export function BackButton({ label }: { label: string }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  const goBack = () => {
    if (key === 'default') void navigate(paths.home);
    else void navigate(-1);
  };
  return (
    <Button
      variant="subtle"
      color="gray"
      px="xs"
      w="fit-content"
      leftSection={<ArrowLeft />}
      onClick={goBack}
    >
      {label}
    </Button>
  );
}
