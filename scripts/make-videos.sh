#!/usr/bin/env bash
# Generates the "year in review" demo videos in public/videos/: for each year a short clip with
# three chapters (test pattern, colour field, closing card), burnt-in titles and a sine tone,
# in WebM (VP9/Opus, every modern browser) and MP4 (H.264/AAC, Safari), a poster image, and
# WebVTT captions and chapters. Everything is synthesised by ffmpeg, so the output is ours to
# ship and nothing is fetched at run time. Re-run after changing the text below:
#   bash scripts/make-videos.sh
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=public/videos
FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
FFMPEG=${FFMPEG:-ffmpeg}
SIZE=640x360
RATE=24
# Each chapter lasts this many seconds; three chapters per video.
CH=4
mkdir -p "$OUT"

# year | colour of the middle chapter | tone (Hz) | three headlines
VIDEOS=(
  "2023|0x1d4ed8|440|Northwind opens its second office|1,200 support tickets closed|Thank you for a great 2023"
  "2024|0x047857|523|Managed cloud backups launch|Average reply time under 1 hour|Thank you for a great 2024"
  "2025|0x7c3aed|659|Security training for every client|98 percent customer satisfaction|Thank you for a great 2025"
)

for entry in "${VIDEOS[@]}"; do
  IFS='|' read -r YEAR COLOUR TONE T1 T2 T3 <<<"$entry"
  echo "== $YEAR"
  DUR=$((CH * 3))
  # drawtext needs ':' and ',' escaped inside its text option.
  esc() { printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e "s/:/\\\\:/g" -e "s/,/\\\\,/g" -e "s/'/\\\\'/g"; }
  TITLE="drawtext=fontfile=$FONT:fontsize=40:fontcolor=white:borderw=3:bordercolor=black@0.6:x=(w-tw)/2:y=h*0.18:text='$(esc "$YEAR in review")'"
  CLOCK="drawtext=fontfile=$FONT:fontsize=20:fontcolor=white:box=1:boxcolor=black@0.5:boxborderw=6:x=w-tw-16:y=h-th-16:text='%{pts\\:hms}'"
  line() { echo "drawtext=fontfile=$FONT:fontsize=28:fontcolor=white:box=1:boxcolor=black@0.55:boxborderw=10:x=(w-tw)/2:y=h*0.62:text='$(esc "$1")':enable='between(t,$2,$3)'"; }

  FILTER="[0:v]trim=0:$CH,setpts=PTS-STARTPTS[a];"
  FILTER+="[1:v]trim=0:$CH,setpts=PTS-STARTPTS[b];"
  FILTER+="[2:v]trim=0:$CH,setpts=PTS-STARTPTS[c];"
  FILTER+="[a][b][c]concat=n=3:v=1:a=0,format=yuv420p,$TITLE,$(line "$T1" 0 $CH),$(line "$T2" $CH $((CH * 2))),$(line "$T3" $((CH * 2)) $DUR),$CLOCK[v]"

  INPUTS=(
    -f lavfi -i "testsrc2=size=$SIZE:rate=$RATE"
    -f lavfi -i "color=c=$COLOUR:size=$SIZE:rate=$RATE"
    -f lavfi -i "mandelbrot=size=$SIZE:rate=$RATE"
    -f lavfi -i "sine=frequency=$TONE:sample_rate=48000:duration=$DUR"
  )

  "$FFMPEG" -hide_banner -loglevel error -y "${INPUTS[@]}" -filter_complex "$FILTER;[3:a]volume=0.15[au]" \
    -map '[v]' -map '[au]' -t "$DUR" \
    -c:v libvpx-vp9 -b:v 120k -deadline good -cpu-used 5 -row-mt 1 -c:a libopus -b:a 32k \
    "$OUT/year-$YEAR.webm"
  "$FFMPEG" -hide_banner -loglevel error -y "${INPUTS[@]}" -filter_complex "$FILTER;[3:a]volume=0.15[au]" \
    -map '[v]' -map '[au]' -t "$DUR" \
    -c:v libx264 -preset slow -crf 33 -profile:v main -movflags +faststart -c:a aac -b:a 48k \
    "$OUT/year-$YEAR.mp4"
  # The poster is the opening frame with its title, as a small JPEG.
  "$FFMPEG" -hide_banner -loglevel error -y -ss 1 -i "$OUT/year-$YEAR.mp4" -frames:v 1 -q:v 5 "$OUT/year-$YEAR.jpg"

  ts() { printf '00:00:%02d.000' "$1"; }
  {
    echo "WEBVTT"
    echo
    echo "1"
    echo "$(ts 0) --> $(ts $CH)"
    echo "$YEAR in review. $T1."
    echo
    echo "2"
    echo "$(ts $CH) --> $(ts $((CH * 2)))"
    echo "$T2."
    echo
    echo "3"
    echo "$(ts $((CH * 2))) --> $(ts $DUR)"
    echo "$T3."
  } >"$OUT/year-$YEAR.captions.vtt"
  {
    echo "WEBVTT"
    echo
    echo "intro"
    echo "$(ts 0) --> $(ts $CH)"
    echo "Highlights"
    echo
    echo "numbers"
    echo "$(ts $CH) --> $(ts $((CH * 2)))"
    echo "By the numbers"
    echo
    echo "thanks"
    echo "$(ts $((CH * 2))) --> $(ts $DUR)"
    echo "Thank you"
  } >"$OUT/year-$YEAR.chapters.vtt"
done
ls -l "$OUT"
