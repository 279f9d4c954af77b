import { useCallback, useEffect, useState } from 'react';

export interface FileChoice {
  file: File;
  /** An object URL of the file, for a preview before anything is uploaded. */
  preview: string;
}

/**
 * A picture chosen in a file input and its preview URL, released when the choice changes or the
 * form goes away. Shared by the forms that upload pictures (avatar, dish image, cover, logo).
 */
export function useFileChoice() {
  const [choice, setChoice] = useState<FileChoice | null>(null);
  useEffect(() => {
    if (!choice) return;
    return () => URL.revokeObjectURL(choice.preview);
  }, [choice]);
  const choose = useCallback(
    (file: File | null) => setChoice(file ? { file, preview: URL.createObjectURL(file) } : null),
    [],
  );
  return [choice, choose] as const;
}
