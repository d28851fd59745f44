import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';

/** Export CSV: downloads a list as a spreadsheet, busy while it is written, with a toast if it fails. */
export function ExportCsvButton({ download, failure }: { download: () => Promise<void>; failure: string }) {
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await download();
    } catch {
      toast.error('Error', { description: failure });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" disabled={exporting} onClick={() => void exportCsv()}>
      {exporting ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
