import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';

/** A highlight's player, 16:9, in a dialog; the iframe exists only while the dialog is open. */
export function VideoDialog({
  video,
  onClose,
}: {
  video: { title: string; embedUrl: string; platform: string; teamName: string } | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-4xl gap-3 p-4 outline-none sm:p-6"
        // Focus inside the player's iframe would leave Escape to the player: it starts on the dialog, which reads its title.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement).focus();
        }}
      >
        {video && (
          <>
            <div className="pr-8">
              <DialogTitle>{video.title}</DialogTitle>
              <DialogDescription>
                {video.teamName} · {video.platform}
              </DialogDescription>
            </div>
            <div className="aspect-video w-full overflow-hidden rounded-lg bg-black" data-testid="video-embed">
              <iframe
                src={video.embedUrl}
                title={video.title}
                className="size-full"
                allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                allowFullScreen
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
