import { useCallback, useContext, useState } from 'react';
import { ScannerDevicesContext } from '@/features/scanner/onDemand';

/** What one photo gave: how many codes, none, or a file that is not an image. */
export type PhotoNote = { name: string; kind: 'codes'; count: number } | { name: string; kind: 'none' | 'unreadable' };

/**
 * Reads photos with the scanner's decoder (its worker and .wasm load on the first photo, never before)
 * and hands the text of every code each holds to `onCodes`, one per line, photo after photo.
 */
export function usePhotoCodes(onCodes: (text: string) => void) {
  const { decodePhoto, warmUpDecoder } = useContext(ScannerDevicesContext);
  const [reading, setReading] = useState(false);
  const [notes, setNotes] = useState<PhotoNote[]>([]);

  const addPhotos = useCallback(
    async (photos: File[]) => {
      if (photos.length === 0) return;
      setReading(true);
      for (const photo of photos) {
        let note: PhotoNote;
        try {
          const codes = await decodePhoto(photo);
          if (codes.length > 0) onCodes(codes.map((code) => code.text).join('\n'));
          note =
            codes.length > 0
              ? { name: photo.name, kind: 'codes', count: codes.length }
              : { name: photo.name, kind: 'none' };
        } catch {
          note = { name: photo.name, kind: 'unreadable' };
        }
        setNotes((current) => [...current, note]);
      }
      setReading(false);
    },
    [decodePhoto, onCodes],
  );

  const clearNotes = useCallback(() => setNotes([]), []);
  return { addPhotos: (photos: File[]) => void addPhotos(photos), reading, notes, clearNotes, warmUpDecoder };
}
