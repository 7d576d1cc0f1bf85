import { fireEvent, render, screen } from '@testing-library/react';
import { authValue } from '../lib/testing/render-with-apollo';
import { VideoUploadArea } from './video-upload-area';

jest.mock('../session/auth-context', () => ({ useAuth: () => authValue() }));

function fileOf(name: string, type: string, sizeBytes: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: sizeBytes }); // no need to allocate 100 MB
  return file;
}

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('Choose a video file'), { target: { files: [file] } });
}

describe('video upload area: client checks', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it('refuses a file that is not MP4, MOV, AVI or WMV', () => {
    render(<VideoUploadArea onUploaded={() => undefined} />);
    choose(fileOf('notes.pdf', 'application/pdf', 1000));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a valid video file (MP4, MOV, AVI, WMV)');
    expect(screen.queryByRole('button', { name: 'Upload Video' })).not.toBeInTheDocument();
  });

  it('refuses a video over 100 MB', () => {
    render(<VideoUploadArea onUploaded={() => undefined} />);
    choose(fileOf('long.mov', 'video/quicktime', 100 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert')).toHaveTextContent('File size exceeds 100MB limit');
    expect(screen.queryByRole('button', { name: 'Upload Video' })).not.toBeInTheDocument();
  });

  it('accepts a 100 MB MP4 and shows its name, size in MB, the Upload Video button and a preview', () => {
    render(<VideoUploadArea onUploaded={() => undefined} />);
    choose(fileOf('party.mp4', 'video/mp4', 100 * 1024 * 1024));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('upload-file-name')).toHaveTextContent('party.mp4');
    expect(screen.getByText('100.00 MB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Video' })).toBeInTheDocument();
    expect(screen.getByLabelText('Preview of the selected video')).toHaveAttribute('src', 'blob:preview');
  });

  it.each([
    [200, 1080, 1920, 'This video is longer than 3 minutes. Please choose a shorter clip.'],
    [20, 4096, 4096, 'This video’s picture is larger than 4K (4096×2160). Please choose a smaller video.'],
  ])(
    'refuses a %i s %i×%i clip once the browser reads it, with the server’s words, before any upload',
    (duration, width, height, message) => {
      render(<VideoUploadArea onUploaded={() => undefined} />);
      choose(fileOf('lecture.mp4', 'video/mp4', 50 * 1024 * 1024));
      const preview = screen.getByLabelText('Preview of the selected video');
      for (const [key, value] of Object.entries({ duration, videoWidth: width, videoHeight: height })) {
        Object.defineProperty(preview, key, { value });
      }
      fireEvent.loadedMetadata(preview);

      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(screen.queryByRole('button', { name: 'Upload Video' })).not.toBeInTheDocument();
    },
  );

  it('takes a 3-minute 4K portrait clip, and leaves a recording of unknown length to the server', () => {
    render(<VideoUploadArea onUploaded={() => undefined} />);
    for (const duration of [180, Number.POSITIVE_INFINITY]) {
      choose(fileOf('clip.mp4', 'video/mp4', 50 * 1024 * 1024));
      const preview = screen.getByLabelText('Preview of the selected video');
      for (const [key, value] of Object.entries({ duration, videoWidth: 2160, videoHeight: 3840 })) {
        Object.defineProperty(preview, key, { value, configurable: true });
      }
      fireEvent.loadedMetadata(preview);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Upload Video' })).toBeInTheDocument();
    }
  });

  it('offers WebM, Matroska and 3GP in the picker and takes a phone’s screen recording', () => {
    render(<VideoUploadArea onUploaded={() => undefined} />);
    const input = screen.getByLabelText('Choose a video file');
    expect(input.getAttribute('accept')?.split(',')).toEqual(
      expect.arrayContaining(['video/webm', 'video/x-matroska', 'video/3gpp', 'video/3gpp2']),
    );
    choose(fileOf('Screen_Recording_20260501.webm', 'video/webm', 3 * 1024 * 1024));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('upload-file-name')).toHaveTextContent('Screen_Recording_20260501.webm');
    expect(screen.getByRole('button', { name: 'Upload Video' })).toBeInTheDocument();
  });

  it('accepts a dropped AVI and clears back to empty', () => {
    render(<VideoUploadArea onUploaded={() => undefined} />);
    const dropZone = screen.getByRole('button', { name: /drag and drop a video here/i });
    fireEvent.drop(dropZone, { dataTransfer: { files: [fileOf('clip.avi', 'video/x-msvideo', 2 * 1024 * 1024)] } });
    expect(screen.getByText('2.00 MB')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selected video' }));
    expect(screen.queryByTestId('upload-file-name')).not.toBeInTheDocument();
  });
});
